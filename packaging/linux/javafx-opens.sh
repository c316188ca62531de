#!/usr/bin/env bash
# Prints the --add-opens/--add-exports options that let ControlsFX and RichTextFX (on the class path) reach the JavaFX
# internals they use once JavaFX runs as modules (the installed app); one list for the .deb, .dmg and .msi builds.
set -euo pipefail
out=""
for p in javafx.graphics/com.sun.javafx.scene javafx.graphics/com.sun.javafx.scene.traversal javafx.graphics/com.sun.javafx.css \
         javafx.graphics/com.sun.javafx.util javafx.graphics/com.sun.javafx.tk javafx.graphics/com.sun.javafx.scene.text \
         javafx.graphics/com.sun.javafx.geom javafx.graphics/com.sun.javafx.text javafx.graphics/javafx.scene \
         javafx.base/com.sun.javafx.event javafx.base/com.sun.javafx.runtime javafx.base/com.sun.javafx.collections \
         javafx.controls/com.sun.javafx.scene.control javafx.controls/com.sun.javafx.scene.control.behavior \
         javafx.controls/com.sun.javafx.scene.control.inputmap javafx.controls/javafx.scene.control.skin; do
  out="$out --add-opens=$p=ALL-UNNAMED --add-exports=$p=ALL-UNNAMED"
done
echo "${out# }"
