# PDF report tests (issue 5): offscreen, need poppler-utils at run time.
costlab_add_test(NAME tst_report SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/tst_report.cpp LIBS costlab_widgets)
