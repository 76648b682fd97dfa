dg_add_test(test_options ${CMAKE_SOURCE_DIR}/tests/unit/test_options.c unit)
dg_add_test(test_option_errors ${CMAKE_SOURCE_DIR}/tests/unit/test_option_errors.c unit)
dg_add_test(test_vocabulary ${CMAKE_SOURCE_DIR}/tests/unit/test_vocabulary.c unit)
dg_add_test(test_buf ${CMAKE_SOURCE_DIR}/tests/unit/test_buf.c unit)
dg_add_test(test_render ${CMAKE_SOURCE_DIR}/tests/unit/test_render.c unit)
dg_add_test(test_json ${CMAKE_SOURCE_DIR}/tests/unit/test_json.c unit)
dg_add_test(test_donjon ${CMAKE_SOURCE_DIR}/tests/unit/test_donjon.c unit)
dg_add_test(test_text ${CMAKE_SOURCE_DIR}/tests/unit/test_text.c unit)
dg_add_test(test_generate ${CMAKE_SOURCE_DIR}/tests/unit/test_generate.c unit)
dg_add_test(test_error ${CMAKE_SOURCE_DIR}/tests/unit/test_error.c unit)
dg_add_test(test_cli ${CMAKE_SOURCE_DIR}/tests/unit/test_cli.c unit)
add_dependencies(test_cli dungeon)
dg_add_test(test_png ${CMAKE_SOURCE_DIR}/tests/unit/test_png.c unit PkgConfig::PNG PkgConfig::GD)
dg_add_test(test_gen_caverns ${CMAKE_SOURCE_DIR}/tests/unit/test_gen_caverns.c unit)
dg_add_test(test_cave_render ${CMAKE_SOURCE_DIR}/tests/unit/test_cave_render.c unit PkgConfig::PNG PkgConfig::GD)
dg_add_test(test_gen_gridmapper ${CMAKE_SOURCE_DIR}/tests/unit/test_gen_gridmapper.c unit)
dg_add_test(test_gen_abstract ${CMAKE_SOURCE_DIR}/tests/unit/test_gen_abstract.c unit)
dg_add_test(test_vtt ${CMAKE_SOURCE_DIR}/tests/unit/test_vtt.c unit PkgConfig::PNG PkgConfig::GD)
dg_add_test(test_gen_panels ${CMAKE_SOURCE_DIR}/tests/unit/test_gen_panels.c unit)
dg_add_test(test_gen_cells ${CMAKE_SOURCE_DIR}/tests/unit/test_gen_cells.c unit)
# sweep: many-seed sweeps, run by the release build and the one sanitizer
# pass (clang's ASan+UBSan, tools/test-fuzz.sh); their own label keeps them
# out of a quick `ctest -L unit`
dg_add_test(test_walls ${CMAKE_SOURCE_DIR}/tests/unit/test_walls.c sweep PkgConfig::PNG PkgConfig::GD)
dg_add_test(test_lights ${CMAKE_SOURCE_DIR}/tests/unit/test_lights.c unit PkgConfig::PNG PkgConfig::WEBP)
dg_add_test(test_png_write ${CMAKE_SOURCE_DIR}/tests/unit/test_png_write.c unit PkgConfig::PNG)
dg_add_test(test_options_apply ${CMAKE_SOURCE_DIR}/tests/unit/test_options_apply.c unit)
dg_add_test(test_stock ${CMAKE_SOURCE_DIR}/tests/unit/test_stock.c unit)
dg_add_test(test_stock_encounter ${CMAKE_SOURCE_DIR}/tests/unit/test_stock_encounter.c unit)
dg_add_test(test_stock_treasure ${CMAKE_SOURCE_DIR}/tests/unit/test_stock_treasure.c unit)
dg_add_test(test_srd_tables ${CMAKE_SOURCE_DIR}/tests/unit/test_srd_tables.c unit)
dg_add_test(test_json_oracle ${CMAKE_SOURCE_DIR}/tests/unit/test_json_oracle.c unit)
dg_add_test(test_json_write ${CMAKE_SOURCE_DIR}/tests/unit/test_json_write.c unit)
dg_add_test(test_svg ${CMAKE_SOURCE_DIR}/tests/unit/test_svg.c unit PkgConfig::PNG m)
dg_add_test(test_sketch ${CMAKE_SOURCE_DIR}/tests/unit/test_sketch.c unit PkgConfig::PNG m)
dg_add_test(test_grey ${CMAKE_SOURCE_DIR}/tests/unit/test_grey.c unit PkgConfig::PNG PkgConfig::CAIRO m)
dg_add_test(test_objects ${CMAKE_SOURCE_DIR}/tests/unit/test_objects.c unit PkgConfig::PNG PkgConfig::CAIRO m)
dg_add_test(test_hatch ${CMAKE_SOURCE_DIR}/tests/unit/test_hatch.c unit PkgConfig::PNG)
dg_add_test(test_floors ${CMAKE_SOURCE_DIR}/tests/unit/test_floors.c unit)
dg_add_test(test_loops ${CMAKE_SOURCE_DIR}/tests/unit/test_loops.c unit)
add_test(NAME no_bare_alloc COMMAND bash ${CMAKE_SOURCE_DIR}/tests/unit/no_bare_alloc.sh ${CMAKE_SOURCE_DIR})
set_tests_properties(no_bare_alloc PROPERTIES LABELS unit TIMEOUT 60)
add_test(NAME private_prefixes COMMAND bash ${CMAKE_SOURCE_DIR}/tests/unit/private_prefixes.sh
         $<TARGET_FILE:dg_core> $<TARGET_FILE:dg_render> $<TARGET_FILE:dg_stock>)
set_tests_properties(private_prefixes PROPERTIES LABELS unit TIMEOUT 60)
dg_add_test(test_alloc_fail ${CMAKE_SOURCE_DIR}/tests/unit/test_alloc_fail.c sweep)
# the shared library alone: Debian's leveldb CMake package wants snappy's
# static pieces too (tools/deps.sh test installs libleveldb-dev)
find_library(DG_LEVELDB leveldb REQUIRED)
dg_add_test(test_foundry_bundle ${CMAKE_SOURCE_DIR}/tests/unit/test_foundry_bundle.c unit PkgConfig::LIBZIP PkgConfig::PNG PkgConfig::GD ${DG_LEVELDB})
dg_add_test(test_foundry_creatures ${CMAKE_SOURCE_DIR}/tests/unit/test_foundry_creatures.c unit PkgConfig::LIBZIP ${DG_LEVELDB})
dg_add_test(test_foundry_schema ${CMAKE_SOURCE_DIR}/tests/unit/test_foundry_schema.c unit PkgConfig::LIBZIP ${DG_LEVELDB})
dg_add_test(test_bundle_scene ${CMAKE_SOURCE_DIR}/tests/unit/test_bundle_scene.c unit)
dg_add_test(test_big_maps ${CMAKE_SOURCE_DIR}/tests/unit/test_big_maps.c bigmap)
dg_add_test(test_stock_sense ${CMAKE_SOURCE_DIR}/tests/unit/test_stock_sense.c unit)
dg_add_test(test_stock_hoard ${CMAKE_SOURCE_DIR}/tests/unit/test_stock_hoard.c unit)
dg_add_test(test_marks ${CMAKE_SOURCE_DIR}/tests/unit/test_marks.c unit PkgConfig::PNG PkgConfig::GD)
dg_add_test(test_features ${CMAKE_SOURCE_DIR}/tests/unit/test_features.c unit PkgConfig::PNG PkgConfig::GD)
dg_add_test(test_frame ${CMAKE_SOURCE_DIR}/tests/unit/test_frame.c unit PkgConfig::PNG PkgConfig::GD)
dg_add_test(test_chambers ${CMAKE_SOURCE_DIR}/tests/unit/test_chambers.c unit)
dg_add_test(test_cave_chambers ${CMAKE_SOURCE_DIR}/tests/unit/test_cave_chambers.c unit m)
dg_add_test(test_reroll ${CMAKE_SOURCE_DIR}/tests/unit/test_reroll.c unit)
dg_add_test(test_adventure ${CMAKE_SOURCE_DIR}/tests/unit/test_adventure.c unit)
dg_add_test(test_adventure_words ${CMAKE_SOURCE_DIR}/tests/unit/test_adventure_words.c unit)
dg_add_test(test_md ${CMAKE_SOURCE_DIR}/tests/unit/test_md.c unit)
dg_add_test(test_bestiary ${CMAKE_SOURCE_DIR}/tests/unit/test_bestiary.c unit)
dg_add_test(test_stock_2024 ${CMAKE_SOURCE_DIR}/tests/unit/test_stock_2024.c unit)

# ctest -j2 starts tests in descending COST. With no timings yet (a fresh
# clone has no Testing/Temporary/CTestCostData.txt) it would start them in
# the order above, so the longest ones (last here) began when the rest were
# done and ran alone on one core: a pass's tail of a minute or more. Rough
# seconds from a loaded 2-core run, release or sanitizer, whichever is more;
# only their order matters, and ctest's own timings replace them from the
# second run on. The tests of every tests.cmake are defined by now (this
# file is included last).
foreach(t_cost test_oracle:10 determinism:20 test_alloc_fail:170 test_walls:145 test_vtt:100
        replay_render:100 test_big_maps:90 test_json_oracle:87 test_foundry_bundle:55
        test_generate:43 test_gen_caverns:23 fuzz_render:110 test_floors:60 test_lights:30
        test_http_load:20 test_http_lifecycle:19 test_http_memory:19 test_options:19)
  string(REPLACE ":" ";" t_cost ${t_cost})
  list(GET t_cost 0 t)
  list(GET t_cost 1 cost)
  if(TEST ${t})
    set_tests_properties(${t} PROPERTIES COST ${cost})
  endif()
endforeach()
# cairo's one-time font-face leak (see the file); every other leak still fails
set_tests_properties(test_sketch test_grey test_objects PROPERTIES ENVIRONMENT "LSAN_OPTIONS=suppressions=${CMAKE_SOURCE_DIR}/tests/unit/lsan_cairo.supp")
dg_add_test(test_stock_climax ${CMAKE_SOURCE_DIR}/tests/unit/test_stock_climax.c unit)
dg_add_test(test_stock_prose ${CMAKE_SOURCE_DIR}/tests/unit/test_stock_prose.c unit)
dg_add_test(test_npc_shape ${CMAKE_SOURCE_DIR}/tests/unit/test_npc_shape.c unit)
