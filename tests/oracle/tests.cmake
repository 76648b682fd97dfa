dg_add_test(test_oracle ${CMAKE_SOURCE_DIR}/tests/oracle/test_oracle.c oracle)
