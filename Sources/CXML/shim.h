#ifndef OPENALARMKIT_CXML_H
#define OPENALARMKIT_CXML_H
#include <libxml/xmlversion.h>
/* Debian's libxml2 is built with ICU, so its headers bring in the system's unicode/ucnv.h for
   two members of xmlCharEncodingHandler (its last ones, never touched from Swift). Foundation
   carries an ICU module of its own whose UErrorCode differs, and a Swift module that sees both
   (AlarmSync, through AlarmSystem) fails to build. Without the macro, the headers leave ICU out. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#endif
