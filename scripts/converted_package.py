"""An installed package converted whole, as a user converts a library:
every ``.py`` file of the package's folder through ``agc convert
--out-dir``, everything else copied, into a folder that then shadows the
installed package on sys.path. Shared by the scripts that run real
libraries converted (torchvision_models.py, transformers_models.py,
library_tests.py); not a test of its own."""
import shutil
import subprocess
import sys
import time
from pathlib import Path


def package_dir(name, python=sys.executable):
    """The folder of the installed package name, as python imports it."""
    code = f"import {name}, os; print(os.path.dirname({name}.__file__))"
    return Path(subprocess.run([python, "-c", code], capture_output=True,
                               text=True, check=True).stdout.strip())


def convert_package(agc, package, out, what, keep_unreadable=False):
    """Converts the package folder into out/<its name>; returns the
    conversion's wall time and the files agc could not read (relative to
    the package's parent). With keep_unreadable, such a file is copied as
    it is (agc reports it; the copy must still import), else any error
    ends the script, named by what."""
    shutil.copytree(package, out / package.name,
                    ignore=shutil.ignore_patterns("*.py", "*.pyc",
                                                  "__pycache__"))
    sources = sorted(str(p.relative_to(package.parent))
                     for p in package.rglob("*.py"))
    start = time.perf_counter()
    proc = subprocess.run([agc, "convert", "--out-dir", str(out), *sources],
                          cwd=package.parent, capture_output=True, text=True)
    took = time.perf_counter() - start
    failed = sorted({line.split(":", 1)[0]
                     for line in proc.stderr.splitlines()
                     if ": error: " in line}) if keep_unreadable else []
    for rel in failed:
        shutil.copyfile(package.parent / rel, out / rel)
    if proc.returncode not in (0, 1) or (proc.returncode and not failed):
        sys.exit(f"{what}: agc convert failed ({proc.returncode}):\n"
                 f"{proc.stderr[-3000:]}")
    return took, failed
