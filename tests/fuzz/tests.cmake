# libFuzzer targets: off by default, clang only. -DDG_FUZZ=ON builds them with
# their core sources instrumented (the core library itself is left as is).
option(DG_FUZZ "Build libFuzzer targets (needs clang)" OFF)
if(DG_FUZZ)
  if(NOT CMAKE_C_COMPILER_ID MATCHES "Clang")
    message(WARNING "DG_FUZZ needs clang (CC=clang); fuzz targets skipped")
  else()
    add_executable(fuzz_options ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_options.c
                   ${CMAKE_SOURCE_DIR}/core/options.c ${CMAKE_SOURCE_DIR}/core/option_names.c
                   ${CMAKE_SOURCE_DIR}/core/canonical.c ${CMAKE_SOURCE_DIR}/core/error.c
                   ${CMAKE_SOURCE_DIR}/core/rng.c)
    target_include_directories(fuzz_options PRIVATE ${CMAKE_SOURCE_DIR}/core)
    target_compile_options(fuzz_options PRIVATE -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined)
    target_link_options(fuzz_options PRIVATE -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined)
    set_target_properties(fuzz_options PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
    # A short smoke run in ctest; long runs are done by hand.
    add_test(NAME fuzz_options COMMAND fuzz_options -runs=200000)
    set_tests_properties(fuzz_options PROPERTIES LABELS unit TIMEOUT 300)
  endif()
endif()
