# Editor widget tests (issue 3): document/undo, parameter panel, estimate view, language.
costlab_add_test(NAME tst_document SOURCES tst_document.cpp LIBS costlab_widgets GUI)
costlab_add_test(NAME tst_editor SOURCES tst_editor.cpp LIBS costlab_widgets GUI)
