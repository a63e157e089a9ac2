# Editor widgets: document and undo, parameter panel, headline strip, estimate view,
# data-file lookup and language switching. Included by widgets/CMakeLists.txt.
set(COSTLAB_EDITOR_SOURCES
  datapaths.h datapaths.cpp
  languages.h languages.cpp
  paramtext.h paramtext.cpp
  document.h document.cpp
  setparamcommand.h setparamcommand.cpp
  collapsiblesection.h collapsiblesection.cpp
  parameditor.h parameditor.cpp
  parameterpanel.h parameterpanel.cpp
  headlinestrip.h headlinestrip.cpp
  estimateview.h estimateview.cpp
)

# Compile-time fallback of the data-directory lookup (datapaths.cpp): the source tree.
set_source_files_properties(datapaths.cpp PROPERTIES
  COMPILE_DEFINITIONS "COSTLAB_RESOURCE_DIR=\"${COSTLAB_RESOURCE_DIR}\"")

# Called by widgets/CMakeLists.txt once the library target exists: embeds the compiled
# translations (.qm, from translations/) as :/i18n/costlab_<lang>.qm so the app and the
# widget tests switch language the same way. The .ts files are refreshed by
# translations/update-ts.sh (lupdate over widgets/, app/gui/ and the registry labels).
function(costlab_editor_configure target)
  if(COSTLAB_TS_FILES)
    qt_add_lrelease(${target} TS_FILES ${COSTLAB_TS_FILES} QM_FILES_OUTPUT_VARIABLE qm_files)
    qt_add_resources(${target} "${target}_translations" PREFIX "/i18n"
                     BASE "${CMAKE_CURRENT_BINARY_DIR}" FILES ${qm_files})
  endif()
endfunction()
