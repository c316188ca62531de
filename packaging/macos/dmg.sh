#!/usr/bin/env bash
# Builds Waymark.dmg on macOS with jpackage, the same layout as the .deb: a trimmed runtime with JavaFX on its module
# path, the studio and its libraries on the class path, file associations for workflows and sessions.
# Needs: a JDK 17+ (jpackage), Maven, and the macOS JavaFX jars (Maven picks the mac classifier on a Mac).
# Usage: packaging/macos/dmg.sh  →  target/dist/Waymark-<version>.dmg
set -euo pipefail
cd "$(dirname "$0")/../.."
mvn -B -q -DskipTests package
version="$(sed -n 's:.*<version>\([0-9.]*\).*</version>.*:\1:p' pom.xml | head -1)"
rm -rf target/app-input target/javafx-all target/javafx-mods target/dist target/Waymark.iconset
mvn -B -q dependency:copy-dependencies -DincludeScope=runtime -DexcludeGroupIds=org.openjfx -DoutputDirectory=target/app-input
mvn -B -q dependency:copy-dependencies -DincludeScope=runtime -DincludeGroupIds=org.openjfx -DoutputDirectory=target/javafx-all
mkdir -p target/javafx-mods && cp target/javafx-all/*-mac*.jar target/javafx-mods/
cp target/waymark-"$version"*.jar target/app-input/waymark.jar 2>/dev/null || cp target/waymark-*-SNAPSHOT.jar target/app-input/waymark.jar
# The .icns from the PNG sizes in icons/
mkdir -p target/Waymark.iconset
for s in 16 32 64 128 256 512; do cp "icons/waymark-$s.png" "target/Waymark.iconset/icon_${s}x${s}.png"; done
iconutil -c icns target/Waymark.iconset -o target/Waymark.icns
sed 's/^extension=waymark.json/extension=json/' packaging/linux/session-json.properties > target/session-json.properties
jpackage --type dmg --name Waymark --app-version "$version" --vendor Waymark \
  --input target/app-input --main-jar waymark.jar --main-class dev.waymark.Main \
  --module-path target/javafx-mods \
  --add-modules java.base,java.desktop,java.logging,java.net.http,java.naming,java.scripting,java.sql,jdk.crypto.ec,jdk.httpserver,jdk.unsupported,jdk.jfr,jdk.zipfs,javafx.controls \
  --java-options "$(packaging/linux/javafx-opens.sh)" \
  --icon target/Waymark.icns --mac-package-identifier dev.waymark.studio \
  --file-associations packaging/linux/workflow-yaml.properties --file-associations target/session-json.properties \
  --dest target/dist
ls -l target/dist
