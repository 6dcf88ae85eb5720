/* OnDemandLoader is its header (include/OnDemandLoader.h); SwiftPM wants a source file. */
#include "OnDemandLoader.h"
