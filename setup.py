"""The packages to build (the rest of the configuration is in pyproject.toml).

templates/ and static/ stay at the top of the checkout, and ship in the wheel as
``companion.web.templates`` and ``companion.web.static``: the app looks for them inside
its package first, then at the top of the checkout (a source checkout or editable install).
"""

from setuptools import find_namespace_packages, setup

FOLDERS = {"companion.web.templates": "templates", "companion.web.static": "static"}

setup(
    packages=[
        *find_namespace_packages(include=["companion", "companion.*"], exclude=["*.__pycache__"]),
        *FOLDERS,
    ],
    package_dir=FOLDERS,
)
