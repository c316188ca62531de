#!/usr/bin/env bash
# Builds the Waymark .deb (and the app image it holds) with jpackage: a trimmed Java runtime with JavaFX on its
# module path (so JavaFX runs as supported, without the class-path warning), the studio and its libraries, the
# extension inside the jar, a desktop entry with the icons from icons/, and file associations for
# .waymark.json sessions and workflow YAML.
# Usage: packaging/linux/deb.sh [--skip-build]  →  target/dist/waymark_<version>_amd64.deb (needs dpkg-deb, fakeroot)
set -euo pipefail
cd "$(dirname "$0")/../.."
for tool in jpackage dpkg-deb fakeroot; do
  command -v "$tool" >/dev/null || { echo "deb.sh: $tool is missing (jpackage comes with the JDK; Debian/Ubuntu: sudo apt-get install fakeroot dpkg-dev). mvn verify -Ddeb.skip=true leaves the .deb out." >&2; exit 1; }
done
if [ "${1:-}" != "--skip-build" ]; then mvn -B -q -DskipTests package; fi
version="$(sed -n 's:.*<version>\([0-9.]*\).*</version>.*:\1:p' pom.xml | head -1)"
thin="target/waymark-${version}-SNAPSHOT.jar"
[ -f "$thin" ] || thin="target/waymark-${version}.jar"
[ -f "$thin" ] || { echo "no application jar in target/: run mvn -DskipTests package" >&2; exit 2; }

rm -rf target/deb-input target/javafx-all target/javafx-mods target/dist
# The libraries on the class path; JavaFX goes on the module path of the runtime instead.
mvn -B -q dependency:copy-dependencies -DincludeScope=runtime -DexcludeGroupIds=org.openjfx -DoutputDirectory=target/deb-input
mvn -B -q dependency:copy-dependencies -DincludeScope=runtime -DincludeGroupIds=org.openjfx -DoutputDirectory=target/javafx-all
mkdir -p target/javafx-mods
cp target/javafx-all/*-linux.jar target/javafx-mods/
cp "$thin" target/deb-input/waymark.jar

# ControlsFX and RichTextFX reach into JavaFX internals; on the module path those packages must be opened to them.
opens="$(packaging/linux/javafx-opens.sh)"

jpackage --type deb \
  --name waymark \
  --app-version "$version" \
  --vendor "Waymark" \
  --description "Author browser workflows with a model and a person together" \
  --input target/deb-input \
  --main-jar waymark.jar \
  --main-class dev.waymark.Main \
  --module-path target/javafx-mods \
  --add-modules java.base,java.desktop,java.logging,java.net.http,java.naming,java.scripting,java.sql,jdk.crypto.ec,jdk.httpserver,jdk.unsupported,jdk.jfr,jdk.zipfs,javafx.controls \
  --java-options "$opens" \
  --jlink-options "--strip-debug --no-man-pages --no-header-files --compress=2" \
  --icon icons/waymark-256.png \
  --linux-package-name waymark \
  --linux-app-category devel \
  --linux-menu-group "Development" \
  --linux-shortcut \
  --resource-dir packaging/linux/resources \
  --file-associations packaging/linux/workflow-yaml.properties \
  --file-associations packaging/linux/session-json.properties \
  --dest target/dist
ls -l target/dist/*.deb
