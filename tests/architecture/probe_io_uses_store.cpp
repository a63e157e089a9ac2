// Layering probe: costlab_io code including store.h must not compile (tests/architecture).
#include "store.h"
