# The desktop application `costlab`. Included from app/CMakeLists.txt; paths are
# relative to app/. Thin: command line, translators, main window; the editor lives in
# costlab_widgets.
add_executable(costlab
  gui/main.cpp
  gui/mainwindow.h gui/mainwindow.cpp gui/workshop.cpp
  gui/settings.h
  ${PROJECT_SOURCE_DIR}/resources/costlab.qrc)
set_target_properties(costlab PROPERTIES AUTOMOC ON AUTORCC ON WIN32_EXECUTABLE ON
                      MACOSX_BUNDLE ON)
target_link_libraries(costlab PRIVATE costlab_widgets Qt6::Widgets)
target_compile_options(costlab PRIVATE ${COSTLAB_WARNINGS})
target_compile_definitions(costlab PRIVATE COSTLAB_VERSION="${PROJECT_VERSION}")
install(TARGETS costlab
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
        BUNDLE DESTINATION .)
