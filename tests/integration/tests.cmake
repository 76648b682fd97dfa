# HTTP tests against a started build/dungeond (libcurl client). The node
# OpenAPI check (openapi_check.mjs) needs npm packages and is run by
# tools/test-integration.sh, not by ctest.
if(TARGET dungeond)
  pkg_check_modules(CURL REQUIRED IMPORTED_TARGET libcurl)
  foreach(t test_http test_http_load test_http_lifecycle test_http_config test_http_post test_http_options test_http_hostile test_http_memory)
    dg_add_test(${t} ${CMAKE_SOURCE_DIR}/tests/integration/${t}.c integration
                PkgConfig::CURL PkgConfig::ZLIB)
    target_sources(${t} PRIVATE ${CMAKE_SOURCE_DIR}/tests/integration/daemon.c)
    # the tests run the daemon binary: build it first
    add_dependencies(${t} dungeond)
  endforeach()
endif()
