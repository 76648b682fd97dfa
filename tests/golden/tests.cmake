dg_add_test(test_golden ${CMAKE_SOURCE_DIR}/tests/golden/test_golden.c golden)
