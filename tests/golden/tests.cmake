dg_add_test(test_golden ${CMAKE_SOURCE_DIR}/tests/golden/test_golden.c golden)
# determinism: this build's CLI against DG_DETERMINISM_PEER, a CLI from the
# other compiler at another optimisation level (tools/test-fuzz.sh gives the
# clang build the release gcc build's); with no peer, determinism.sh builds
# two CLIs more from the sources. Its own label: tools/test.sh runs it in
# the clang stage, where both builds exist, not in the gcc pass.
set(DG_DETERMINISM_PEER "" CACHE FILEPATH "A dungeon CLI from the other compiler that the determinism test compares this build's with")
add_test(NAME determinism COMMAND bash ${CMAKE_SOURCE_DIR}/tests/golden/determinism.sh
         ${CMAKE_BINARY_DIR}/determinism $<TARGET_FILE:dungeon> ${DG_DETERMINISM_PEER})
set_tests_properties(determinism PROPERTIES LABELS determinism TIMEOUT 600)
dg_add_test(test_option_sets ${CMAKE_SOURCE_DIR}/tests/golden/test_option_sets.c golden)
# the CLI's lean build against dungeon-full (render/build_lean.c)
add_test(NAME cli_lean COMMAND bash ${CMAKE_SOURCE_DIR}/tests/golden/cli_lean.sh
         $<TARGET_FILE:dungeon> $<TARGET_FILE:dungeon-full>)
set_tests_properties(cli_lean PROPERTIES LABELS golden TIMEOUT 300)
