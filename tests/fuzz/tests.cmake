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

# The daemon's own input handling, no socket needed: query pairs, JSON
# bodies, static paths, header grammars. The server file under test and the
# option parser are compiled in instrumented; the rest comes from the
# dungeond_srv library (its request.o / static.o are then never pulled in).
if(DG_FUZZ AND CMAKE_C_COMPILER_ID MATCHES "Clang" AND TARGET dungeond_srv)
  set(DG_FUZZ_CORE ${CMAKE_SOURCE_DIR}/core/options.c ${CMAKE_SOURCE_DIR}/core/option_names.c
      ${CMAKE_SOURCE_DIR}/core/canonical.c ${CMAKE_SOURCE_DIR}/core/error.c)
  foreach(t fuzz_srv_query fuzz_srv_json fuzz_srv_static fuzz_srv_headers)
    add_executable(${t} ${CMAKE_SOURCE_DIR}/tests/fuzz/${t}.c ${CMAKE_SOURCE_DIR}/server/request.c
                   ${CMAKE_SOURCE_DIR}/server/static.c ${CMAKE_SOURCE_DIR}/server/cache.c ${DG_FUZZ_CORE})
    target_include_directories(${t} PRIVATE ${CMAKE_SOURCE_DIR}/core ${CMAKE_SOURCE_DIR}/server)
    target_link_libraries(${t} PRIVATE dungeond_srv m)
    target_compile_options(${t} PRIVATE -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined)
    target_link_options(${t} PRIVATE -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined)
    set_target_properties(${t} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
    # the smoke run starts from the seeds (read only: new finds go to a
    # scratch corpus in the build tree)
    string(REPLACE "fuzz_srv_" "" seeds ${t})
    file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/fuzz-corpus/${t})
    add_test(NAME ${t} COMMAND ${t} -runs=100000 -dict=${CMAKE_SOURCE_DIR}/tests/fuzz/server.dict
             ${CMAKE_BINARY_DIR}/fuzz-corpus/${t} ${CMAKE_SOURCE_DIR}/tests/fuzz/corpus/${seeds})
    set_tests_properties(${t} PROPERTIES LABELS unit TIMEOUT 300)
  endforeach()
endif()
