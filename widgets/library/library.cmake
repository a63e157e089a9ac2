# Library views (issue 4): scenario list dock, history and catalog editor dialogs over
# model/store.h. Included by widgets/CMakeLists.txt; paths relative to widgets/.
list(APPEND COSTLAB_LIBRARY_SOURCES
  library/librarymodel.h library/librarymodel.cpp
  library/libraryutil.h library/libraryutil.cpp
  library/librarydock.h library/librarydock.cpp
  library/historydialog.h library/historydialog.cpp
  library/catalogeditordialog.h library/catalogeditordialog.cpp
)
