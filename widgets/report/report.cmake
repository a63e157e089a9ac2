# The PDF budget report (issue 5). Included from widgets/CMakeLists.txt.
list(APPEND COSTLAB_REPORT_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/reportwriter.h
  ${CMAKE_CURRENT_LIST_DIR}/reportwriter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/reporttranslator.h
  ${CMAKE_CURRENT_LIST_DIR}/reporttranslator.cpp
  ${CMAKE_CURRENT_LIST_DIR}/reportexport.h
  ${CMAKE_CURRENT_LIST_DIR}/reportexport.cpp)
