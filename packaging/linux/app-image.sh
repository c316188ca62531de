#!/usr/bin/env bash
# Builds a self-contained Waymark app image (a trimmed Java runtime + the studio) with jpackage.
# Usage: packaging/linux/app-image.sh            → target/dist/Waymark/bin/Waymark
# The module list is what `jdeps --print-module-deps --ignore-missing-deps target/waymark.jar` prints,
# plus what is loaded by name at run time (logging, naming, scripting, EC crypto, zip file system).
set -euo pipefail
cd "$(dirname "$0")/../.."
mvn -q -DskipTests package
rm -rf target/dist target/jpackage-input
mkdir -p target/jpackage-input
cp target/waymark.jar target/jpackage-input/
jpackage --type app-image \
  --name Waymark \
  --app-version "$(sed -n 's:.*<version>\([0-9.]*\).*</version>.*:\1:p' pom.xml | head -1)" \
  --input target/jpackage-input \
  --main-jar waymark.jar \
  --main-class dev.waymark.Main \
  --icon icons/waymark-256.png \
  --add-modules java.base,java.desktop,java.logging,java.net.http,java.naming,java.scripting,java.sql,jdk.crypto.ec,jdk.httpserver,jdk.unsupported,jdk.jfr,jdk.zipfs \
  --jlink-options "--strip-debug --no-man-pages --no-header-files --compress=2" \
  --dest target/dist
echo "built target/dist/Waymark (run target/dist/Waymark/bin/Waymark)"
