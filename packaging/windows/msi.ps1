# Builds Waymark-<version>.msi on Windows with jpackage (needs a JDK 17+, Maven, and the WiX Toolset 3 on PATH),
# the same layout as the .deb: a trimmed runtime with JavaFX on its module path, the studio and its libraries, a
# Start-menu entry and file associations for workflows and sessions.
# Usage (PowerShell): packaging\windows\msi.ps1   ->  target\dist\Waymark-<version>.msi
$ErrorActionPreference = "Stop"
Set-Location (Join-Path $PSScriptRoot "..\..")
mvn -B -q -DskipTests package
$version = ([xml](Get-Content pom.xml)).project.version -replace '-SNAPSHOT', ''
Remove-Item -Recurse -Force target\app-input, target\javafx-all, target\javafx-mods, target\dist -ErrorAction SilentlyContinue
mvn -B -q dependency:copy-dependencies -DincludeScope=runtime -DexcludeGroupIds=org.openjfx -DoutputDirectory=target/app-input
mvn -B -q dependency:copy-dependencies -DincludeScope=runtime -DincludeGroupIds=org.openjfx -DoutputDirectory=target/javafx-all
New-Item -ItemType Directory target\javafx-mods | Out-Null
Copy-Item target\javafx-all\*-win.jar target\javafx-mods\
Copy-Item (Get-ChildItem target\waymark-*.jar | Select-Object -First 1).FullName target\app-input\waymark.jar
$opens = (bash packaging/linux/javafx-opens.sh) 2>$null
if (-not $opens) { $opens = "--add-opens=javafx.graphics/com.sun.javafx.scene=ALL-UNNAMED --add-opens=javafx.controls/com.sun.javafx.scene.control=ALL-UNNAMED --add-opens=javafx.controls/com.sun.javafx.scene.control.behavior=ALL-UNNAMED --add-opens=javafx.base/com.sun.javafx.event=ALL-UNNAMED" }
jpackage --type msi --name Waymark --app-version $version --vendor Waymark `
  --input target\app-input --main-jar waymark.jar --main-class dev.waymark.Main `
  --module-path target\javafx-mods `
  --add-modules "java.base,java.desktop,java.logging,java.net.http,java.naming,java.scripting,java.sql,jdk.crypto.ec,jdk.httpserver,jdk.unsupported,jdk.jfr,jdk.zipfs,javafx.controls" `
  --java-options $opens `
  --icon icons\waymark.ico --win-menu --win-menu-group Waymark --win-shortcut --win-dir-chooser `
  --file-associations packaging\linux\workflow-yaml.properties `
  --dest target\dist
Get-ChildItem target\dist
