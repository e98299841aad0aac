"""Package discovery only (metadata lives in pyproject.toml).

The top-level folders ``sim/``, ``real/`` and ``configs/`` install as ``robopolicy.sim``, ``robopolicy.real`` and
``robopolicy.configs``; their subpackages are found here so new ones need no edit.
"""

from setuptools import find_packages, setup

MAPPED = {"sim": "robopolicy.sim", "real": "robopolicy.real", "configs": "robopolicy.configs"}

packages = find_packages(include=["robopolicy", "robopolicy.*"])
for folder, name in MAPPED.items():
    packages += [name + sub[len(folder):] for sub in find_packages(include=[folder, folder + ".*"])]

setup(packages=packages)
