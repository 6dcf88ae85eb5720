#!/usr/bin/env bash
# Makes a test certificate authority and server certificates with openssl, for the HTTPS tests
# (CalDAVTLSTests, the daemon's HTTPS sync tests) and scripts/bench-sync. Usage: test-ca.sh DIR
# DIR gets: ca.pem (the authority to trust), and key/certificate pairs
#   server.{key,pem}        for 127.0.0.1 and localhost, signed by the CA (valid a day)
#   wrong-host.{key,pem}    for other.example.org only, signed by the CA
#   expired.{key,pem}       for 127.0.0.1, signed by the CA, valid only in 2020
#   self-signed.{key,pem}   for 127.0.0.1, signed by itself
set -euo pipefail
dir=$1
mkdir -p "$dir"
cd "$dir"
quiet() { "$@" >/dev/null 2>&1 || { "$@"; exit 1; }; }
quiet openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -days 2 -subj "/CN=OpenAlarmKit Test CA" \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign"
# `openssl ca` for the certificates: it alone sets any validity dates (the expired one).
mkdir -p issued
: >index.txt
echo 1000 >serial
cat >ca.cnf <<CONF
[ca]
default_ca = test
[test]
dir = .
database = index.txt
new_certs_dir = issued
serial = serial
certificate = ca.pem
private_key = ca.key
default_md = sha256
policy = anything
unique_subject = no
copy_extensions = none
[anything]
commonName = supplied
[loopback]
subjectAltName = IP:127.0.0.1,DNS:localhost
basicConstraints = CA:FALSE
extendedKeyUsage = serverAuth
[other]
subjectAltName = DNS:other.example.org
basicConstraints = CA:FALSE
extendedKeyUsage = serverAuth
CONF
issue() {  # issue NAME EXTENSIONS START END
    quiet openssl req -newkey rsa:2048 -nodes -keyout "$1.key" -out "$1.csr" -subj "/CN=$1"
    quiet openssl ca -batch -config ca.cnf -extensions "$2" -startdate "$3" -enddate "$4" -in "$1.csr" -out "$1.pem" -notext
}
now=$(date -u +%Y%m%d%H%M%SZ -d '-1 hour')
tomorrow=$(date -u +%Y%m%d%H%M%SZ -d '+1 day')
issue server loopback "$now" "$tomorrow"
issue wrong-host other "$now" "$tomorrow"
issue expired loopback 20200101000000Z 20200102000000Z
quiet openssl req -x509 -newkey rsa:2048 -nodes -keyout self-signed.key -out self-signed.pem -days 1 -subj "/CN=127.0.0.1" \
    -addext "subjectAltName=IP:127.0.0.1,DNS:localhost"
chmod 600 ./*.key
