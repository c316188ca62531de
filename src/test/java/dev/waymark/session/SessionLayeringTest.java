package dev.waymark.session;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The session is the studio's engine room: the window depends on it, never the other way round. */
class SessionLayeringTest {
  private static final JavaClasses MAIN = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("dev.waymark");

  @Test
  void sessionNeverTouchesTheUiJavafxOrTheSocket() {
    noClasses().that().resideInAPackage("dev.waymark.session..")
        .should().dependOnClassesThat().resideInAnyPackage("dev.waymark.ui..", "javafx..", "org.java_websocket..")
        .check(MAIN);
  }

  @Test
  void onlyTheUiAndTheEntryPointTouchJavafx() {
    noClasses().that().resideOutsideOfPackages("dev.waymark.ui..")
        .and().doNotHaveFullyQualifiedName("dev.waymark.Main")
        .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.fxmisc..", "org.controlsfx..")
        .check(MAIN);
  }
}
