# CPack settings, included from installer/CMakeLists.txt. `make package` (root
# Makefile) runs `cpack -G "DEB;TGZ"` in the build directory; Windows (NSIS, WiX) and macOS
# (DragNDrop) generators are configured here but cannot be built on the Debian machines.
# See docs/packaging.md.

set(CPACK_PACKAGE_NAME "costlab")
set(CPACK_PACKAGE_VENDOR "The Costlab developers")
# Placeholder address (reserved .invalid domain) until the project has a real one.
set(CPACK_PACKAGE_CONTACT "Costlab maintainers <maintainers@costlab.invalid>")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Cost and risk planner for training large language models")
set(CPACK_PACKAGE_DESCRIPTION
    "Costlab estimates what training a large language model will cost before the GPUs are \
rented: pre-training, fine-tuning, reinforcement learning and evaluation phases priced from a \
hardware and price catalog, with the probability and expected cost of out-of-memory, \
divergence, failures, capacity shortfalls and budget overruns. It ships the desktop editor \
costlab, the command-line tool costlab-cli, the default catalog and example plans.")
set(CPACK_PACKAGE_INSTALL_DIRECTORY "Costlab")
set(CPACK_PACKAGE_EXECUTABLES "costlab" "Costlab")
set(CPACK_RESOURCE_FILE_LICENSE "${CMAKE_CURRENT_SOURCE_DIR}/license-notice.txt")
set(CPACK_RESOURCE_FILE_README "${PROJECT_SOURCE_DIR}/README.md")
# Release binaries without debug sections: RelWithDebInfo builds are ~10x larger otherwise.
set(CPACK_STRIP_FILES ON)
set(CPACK_SOURCE_IGNORE_FILES "/\\\\.git/" "/build[^/]*/")

if(WIN32)
  set(CPACK_GENERATOR "NSIS;WIX;ZIP")
elseif(APPLE)
  set(CPACK_GENERATOR "DragNDrop")
else()
  set(CPACK_GENERATOR "DEB;TGZ")
endif()

# ---- Debian -------------------------------------------------------------------------------
set(CPACK_DEBIAN_PACKAGE_NAME "costlab")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)           # costlab_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SECTION "science")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
# Shared-library dependencies (Qt 6 Core/Gui/Widgets/PrintSupport/Svg, QCustomPlot, SQLite,
# libstdc++) come from dpkg-shlibdeps. What it cannot see is listed by hand: the SVG icon
# engine and image plugin that QIcon loads at run time (libqt6svg6), and libpq, which the
# store loads with dlopen only when a team library is opened (model/store/libpq.h): a
# recommendation, installed by default, since a file library works without it.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS OFF)
if(TARGET costlab)
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "libqt6svg6")
  # Chinese text needs a CJK font; Wayland sessions run natively with the Wayland platform
  # plugin (XWayland works without it); Qt's own dialogs are translated by qt6-translations.
  set(CPACK_DEBIAN_PACKAGE_RECOMMENDS
      "libpq5, fonts-noto-cjk, qt6-wayland, qt6-translations-l10n")
else()
  set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libpq5")
endif()
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "poppler-utils")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)

# ---- Archive ------------------------------------------------------------------------------
# Relocatable: the programs find share/costlab next to bin/ wherever the tarball is unpacked.
set(CPACK_ARCHIVE_COMPONENT_INSTALL OFF)

# ---- Windows (NSIS, WiX) --------------------------------------------------------------------
if(WIN32)
  set(CPACK_NSIS_DISPLAY_NAME "Costlab ${PROJECT_VERSION}")
  set(CPACK_NSIS_PACKAGE_NAME "Costlab")
  set(CPACK_NSIS_INSTALLED_ICON_NAME "bin\\\\costlab.exe")
  set(CPACK_NSIS_CONTACT "${CPACK_PACKAGE_CONTACT}")
  set(CPACK_NSIS_MODIFY_PATH ON)                  # offer to put costlab-cli on PATH
  set(CPACK_NSIS_ENABLE_UNINSTALL_BEFORE_INSTALL ON)
  set(CPACK_NSIS_EXECUTABLES_DIRECTORY "bin")
  # Double-clicking a .costlab.json opens it in Costlab.
  set(CPACK_NSIS_EXTRA_INSTALL_COMMANDS "
    WriteRegStr HKCR '.costlab.json' '' 'Costlab.Scenario'
    WriteRegStr HKCR 'Costlab.Scenario' '' 'Costlab training plan'
    WriteRegStr HKCR 'Costlab.Scenario\\\\DefaultIcon' '' '$INSTDIR\\\\bin\\\\costlab.exe,0'
    WriteRegStr HKCR 'Costlab.Scenario\\\\shell\\\\open\\\\command' '' '\\\"$INSTDIR\\\\bin\\\\costlab.exe\\\" \\\"%1\\\"'
  ")
  set(CPACK_NSIS_EXTRA_UNINSTALL_COMMANDS "
    DeleteRegKey HKCR '.costlab.json'
    DeleteRegKey HKCR 'Costlab.Scenario'
  ")

  # Fixed forever: lets a newer MSI replace an older one instead of installing beside it.
  set(CPACK_WIX_UPGRADE_GUID "A153C81F-39C4-417A-8466-82AA3D8352D4")
  set(CPACK_WIX_PROGRAM_MENU_FOLDER "Costlab")
endif()

# ---- macOS (DragNDrop) ----------------------------------------------------------------------
if(APPLE)
  set(CPACK_DMG_VOLUME_NAME "Costlab ${PROJECT_VERSION}")
  set(CPACK_DMG_FORMAT "UDZO")
  set(CPACK_PACKAGE_FILE_NAME "Costlab-${PROJECT_VERSION}-macOS")
endif()

include(CPack)
