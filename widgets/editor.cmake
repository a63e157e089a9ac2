# Editor widgets: parameter panel, headline strip, document.
set(COSTLAB_EDITOR_SOURCES)
