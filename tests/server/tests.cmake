# Unit tests of the daemon's modules (server/*.c through the dungeond_srv
# library); HTTP-level tests are in tests/integration.
if(TARGET dungeond_srv)
  foreach(t test_srv_cache test_srv_request test_srv_config test_srv_pool test_srv_static test_srv_form test_srv_estimate test_srv_messages)
    dg_add_test(${t} ${CMAKE_SOURCE_DIR}/tests/server/${t}.c unit dungeond_srv PkgConfig::ZLIB)
  endforeach()
endif()
