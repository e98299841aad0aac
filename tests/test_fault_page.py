"""docs/faults.md is generated from the fault-marked tests and must match them."""

from __future__ import annotations

from tests import fault_page


def test_fault_page_is_current():
    assert fault_page.PAGE.exists(), "docs/faults.md is missing: run python -m tests.fault_page"
    assert fault_page.PAGE.read_text() == fault_page.render(fault_page.collect_fault_tests()), (
        "docs/faults.md is out of date: run python -m tests.fault_page")


def test_every_fault_test_has_a_known_area_and_a_docstring():
    tests = fault_page.collect_fault_tests()
    assert len({t.node for t in tests}) == len(tests)
    assert all(t.area in fault_page.AREAS and len(t.what) > 20 for t in tests)
