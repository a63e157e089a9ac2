# Comparison view (issue 4): CompareView, its charts and CompareDialog.
# Included by widgets/CMakeLists.txt; sources are relative to widgets/.
list(APPEND COSTLAB_COMPARE_SOURCES
  compare/comparecharts.h compare/comparecharts.cpp
  compare/compareview.h compare/compareview.cpp
  compare/comparedialog.h compare/comparedialog.cpp
)
