dg_add_test(test_options ${CMAKE_SOURCE_DIR}/tests/unit/test_options.c unit)
dg_add_test(test_error ${CMAKE_SOURCE_DIR}/tests/unit/test_error.c unit)
