import pytest

from tests.policies.tiny import make_store


@pytest.fixture(scope="module")
def tiny_store(tmp_path_factory):
    return make_store(tmp_path_factory.mktemp("store") / "tiny.zarr")
