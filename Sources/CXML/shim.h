#ifndef OPENALARMKIT_CXML_H
#define OPENALARMKIT_CXML_H
#include <libxml/parser.h>
#include <libxml/tree.h>
#endif
