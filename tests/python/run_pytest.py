#!/usr/bin/env python3
"""Runs the Python module's tests with pytest (ctest python_module): exit 77 (skipped) when pytest
is missing (scripts/setup.sh installs python3-pytest).

    run_pytest.py BUILD_PYTHON_DIR SOURCE_DIR DIPADJ [PYTEST ARGUMENTS...]
"""
import os
import sys

try:
    import pytest
except ImportError:
    print("python_module: skipped: no pytest (Debian python3-pytest)")
    sys.exit(77)



def main():
    build_python, source, dipadj = sys.argv[1:4]
    sys.path.insert(0, build_python)
    os.environ["PYTHONPATH"] = build_python + os.pathsep + os.environ.get("PYTHONPATH", "")  # for the Dask workers
    os.environ["DIPADJ_SOURCE_DIR"] = source
    os.environ["DIPADJ_CLI"] = dipadj
    return pytest.main(["-q", "-p", "no:cacheprovider", os.path.join(source, "tests", "python"), *sys.argv[4:]])


# Dask starts its worker processes by importing this main module again: the guard keeps them from
# running the tests themselves.
if __name__ == "__main__":
    sys.exit(main())
