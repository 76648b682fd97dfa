# HTTP tests against a started build/dungeond (libcurl client). The node
# OpenAPI check (openapi_check.mjs) needs npm packages and is run by
# tools/test-integration.sh, not by ctest.
if(TARGET dungeond)
  pkg_check_modules(CURL REQUIRED IMPORTED_TARGET libcurl)
  foreach(t test_http test_http_load test_http_lifecycle test_http_config test_http_post test_http_options test_http_hostile test_http_memory test_http_page test_http_abuse)
    dg_add_test(${t} ${CMAKE_SOURCE_DIR}/tests/integration/${t}.c integration
                PkgConfig::CURL PkgConfig::ZLIB)
    target_sources(${t} PRIVATE ${CMAKE_SOURCE_DIR}/tests/integration/daemon.c)
    # the tests run the daemon binary: build it first
    add_dependencies(${t} dungeond)
  endforeach()
  # preloaded into the daemon by one lifecycle test: holds an I/O thread
  # inside libmicrohttpd's own refusal of a request while the daemon stops
  add_library(refusal_pause MODULE ${CMAKE_SOURCE_DIR}/tests/integration/refusal_pause.c)
  target_link_libraries(refusal_pause PRIVATE ${CMAKE_DL_LIBS})
  set_target_properties(refusal_pause PROPERTIES LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
  target_compile_definitions(test_http_lifecycle PRIVATE DG_REFUSAL_PAUSE_SO="$<TARGET_FILE:refusal_pause>")
  add_dependencies(test_http_lifecycle refusal_pause)
endif()

# The npm packages tools/test-*.sh install must accept the oldest Node.js
# their package.json promises (Debian 12's, 18): a machine with a newer Node
# would not notice a lock that leaves Debian 12 behind. Skipped without node.
add_test(NAME npm_locks_accept_oldest_node
         COMMAND sh -c "command -v node >/dev/null || { echo 'no node: skipped'; exit 77; }; exec node tools/node-check.js --floor tests/browser tests/integration"
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(npm_locks_accept_oldest_node PROPERTIES LABELS integration SKIP_RETURN_CODE 77 TIMEOUT 60)

# one pass a map request (server/maps.c): its steps counted under
# DG_TEST_PASS_TRACE
if(TARGET dungeond)
  dg_add_test(test_http_pass ${CMAKE_SOURCE_DIR}/tests/integration/test_http_pass.c integration
              PkgConfig::CURL PkgConfig::ZLIB)
  target_sources(test_http_pass PRIVATE ${CMAKE_SOURCE_DIR}/tests/integration/daemon.c)
  add_dependencies(test_http_pass dungeond)
endif()
