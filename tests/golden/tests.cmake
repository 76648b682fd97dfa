dg_add_test(test_golden ${CMAKE_SOURCE_DIR}/tests/golden/test_golden.c golden)
add_test(NAME determinism COMMAND bash ${CMAKE_SOURCE_DIR}/tests/golden/determinism.sh
         $<TARGET_FILE:dungeon> ${CMAKE_BINARY_DIR}/determinism)
set_tests_properties(determinism PROPERTIES LABELS golden TIMEOUT 600)
dg_add_test(test_option_sets ${CMAKE_SOURCE_DIR}/tests/golden/test_option_sets.c golden)
