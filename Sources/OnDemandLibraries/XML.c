/* libxml2 is loaded on first use: only alarmd with [sync] reads WebDAV multistatus replies.
   Each function AlarmSync calls is defined here instead (hidden) and forwards to the real one
   in libxml2.so.2, looked up on first call. The tree is walked through xmlNode's fields, so
   these few calls are all there is. */
#include <libxml/parser.h>
#include <libxml/tree.h>
#include "OnDemandLoader.h"
#include "OnDemandLibraries.h"

OAK_ON_DEMAND_LIBRARY(OAK_XML_SONAME, "libxml2")

OAK_FORWARD(xmlDocPtr, xmlReadMemory, (const char *buffer, int size, const char *url, const char *encoding, int options), (buffer, size, url, encoding, options))
OAK_FORWARD(xmlNodePtr, xmlDocGetRootElement, (const xmlDoc *doc), (doc))
OAK_FORWARD_VOID(xmlFreeDoc, (xmlDocPtr doc), (doc))
