// Layering probe: costlab_engine code including sweep.h must not compile (tests/architecture).
#include "sweep.h"
