dg_add_test(test_options ${CMAKE_SOURCE_DIR}/tests/unit/test_options.c unit)
