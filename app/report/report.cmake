# costlab-report: the PDF report program that `costlab-cli report` runs.
# Included from app/CMakeLists.txt when the GUI is built; paths are relative to app/.
add_executable(costlab-report report/main.cpp)
target_link_libraries(costlab-report PRIVATE costlab_report costlab_store Qt6::Widgets)
target_compile_options(costlab-report PRIVATE ${COSTLAB_WARNINGS})
target_include_directories(costlab-report PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})   # exitcodes.h
target_compile_definitions(costlab-report PRIVATE COSTLAB_VERSION="${PROJECT_VERSION}")
install(TARGETS costlab-report RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
