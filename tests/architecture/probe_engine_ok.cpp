// Layering probe, positive control: engine code including an engine header compiles, so a
// failing probe fails because of its include and not because of the harness.
#include "engine.h"
#include "risks.h"
