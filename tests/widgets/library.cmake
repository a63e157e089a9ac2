# Library views (issue 4): dock, model, history, catalog editor; plus a benchmark/screenshot
# tool that is not a test (timings vary with the machine).
costlab_add_test(NAME tst_library SOURCES tst_library.cpp LIBS costlab_widgets GUI)
add_executable(costlab_library_bench bench_library.cpp)
target_link_libraries(costlab_library_bench PRIVATE costlab_widgets)
target_compile_definitions(costlab_library_bench PRIVATE
  COSTLAB_RESOURCE_DIR="${COSTLAB_RESOURCE_DIR}")
target_compile_options(costlab_library_bench PRIVATE ${COSTLAB_WARNINGS})
