# Chart widget tests (offscreen).
costlab_add_test(NAME tst_charts SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/tst_charts.cpp LIBS costlab_widgets)
