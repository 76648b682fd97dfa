# tools/source_dirs.sh -- sourced: the folders whose C sources make the
# libraries (core, the fiction and its data, render by output family), for
# the scripts that read or build the sources without CMake
# (tests/unit/no_bare_alloc.sh, tests/golden/determinism.sh). CMakeLists.txt
# globs the same folders; a folder added there is added here.
# shellcheck disable=SC2034
DG_LIB_DIRS=(core stock data render render/image render/text render/vtt)
