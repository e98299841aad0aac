"""Package discovery only (metadata lives in pyproject.toml).

The top-level folders ``sim/``, ``real/``, ``configs/`` and ``datasets/`` install as ``robopolicy.sim``,
``robopolicy.real``, ``robopolicy.configs`` and ``robopolicy.datasets``; their subpackages are found here so new ones need no edit.
"""

from setuptools import find_packages, setup

MAPPED = {"sim": "robopolicy.sim", "real": "robopolicy.real", "configs": "robopolicy.configs",
          "datasets": "robopolicy.datasets"}

packages = find_packages(include=["robopolicy", "robopolicy.*"])
for folder, name in MAPPED.items():
    packages += [name + sub[len(folder):] for sub in find_packages(include=[folder, folder + ".*"])]

setup(packages=packages)
