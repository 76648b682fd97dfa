# Fuzz targets (tests/fuzz/fuzz_<name>.c, each one LLVMFuzzerTestOneInput).
# Every build replays each target's seed corpus (corpus/<name>) and every
# crash reproducer ever kept (crashes/<name>) through replay.c: a plain
# regression test under gcc, ASan or valgrind. With -DDG_FUZZ=ON (clang)
# each target is also a libFuzzer binary and a ctest entry (label fuzz)
# that fuzzes for DG_FUZZ_SECONDS from the corpus; with -DDG_FUZZ_DEEP=ON it
# links copies of the daemon's libraries built with libFuzzer's coverage
# (the *_cov targets, from the same source lists: a new source file can
# never leave one unlinkable; see the top CMakeLists.txt), else the unit
# tests' libraries (coverage only in the target's own file). New finds go to a scratch corpus in the build tree; a crash
# lands in build/fuzz-crashes/<name>/ and, once fixed, is kept under
# crashes/<name>/ (tests/fuzz/README.md).
set(DG_FUZZ_SECONDS 5 CACHE STRING "Seconds each fuzz target runs under ctest")
if(TARGET dungeond_srv)
  set(DG_FUZZ_DIR ${CMAKE_SOURCE_DIR}/tests/fuzz)
  foreach(name options render srv_query srv_json srv_static srv_headers)
    set(src ${DG_FUZZ_DIR}/fuzz_${name}.c)
    string(REPLACE "srv_" "" short ${name})
    set(inputs ${DG_FUZZ_DIR}/corpus/${short})
    if(EXISTS ${DG_FUZZ_DIR}/crashes/${short})
      list(APPEND inputs ${DG_FUZZ_DIR}/crashes/${short})
    endif()
    if(name MATCHES "^srv_")
      set(dict ${DG_FUZZ_DIR}/server.dict)
    else()
      set(dict ${DG_FUZZ_DIR}/options.dict)
    endif()
    if(DG_FUZZ)
      set(t fuzz_${name})
      add_executable(${t} ${src})
      add_dependencies(dg_sanitized ${t})
      target_compile_options(${t} PRIVATE ${DG_FUZZ_COVERAGE})
      target_link_options(${t} PRIVATE -fsanitize=fuzzer)
      if(DG_FUZZ_DEEP)
        target_link_libraries(${t} PRIVATE dungeond_srv_cov m)
      else()
        target_link_libraries(${t} PRIVATE dungeond_srv m)
      endif()
    else()
      set(t replay_${name})
      add_executable(${t} ${src} ${DG_FUZZ_DIR}/replay.c)
      target_link_libraries(${t} PRIVATE dungeond_srv m)
    endif()
    set_target_properties(${t} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
    if(DG_FUZZ)
      file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/fuzz-corpus/${short} ${CMAKE_BINARY_DIR}/fuzz-crashes/${short})
      # -timeout: an input taking over 10 s is reported as a hang
      add_test(NAME ${t} COMMAND ${t} -max_total_time=${DG_FUZZ_SECONDS} -timeout=10
               -dict=${dict} -artifact_prefix=${CMAKE_BINARY_DIR}/fuzz-crashes/${short}/
               ${CMAKE_BINARY_DIR}/fuzz-corpus/${short} ${inputs})
      set_tests_properties(${t} PROPERTIES LABELS fuzz TIMEOUT 300)
    else()
      add_test(NAME ${t} COMMAND ${t} ${inputs})
      set_tests_properties(${t} PROPERTIES LABELS unit TIMEOUT 300)
    endif()
  endforeach()
endif()
