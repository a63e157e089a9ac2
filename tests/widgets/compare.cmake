# Comparison view tests (offscreen). Included OPTIONAL by tests/widgets/CMakeLists.txt.
costlab_add_test(NAME tst_compareview SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/tst_compareview.cpp
                 LIBS costlab_widgets)
