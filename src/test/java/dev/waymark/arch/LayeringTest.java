package dev.waymark.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The layering of DESIGN.md, enforced. */
class LayeringTest {
  private static JavaClasses classes;

  @BeforeAll
  static void load() {
    classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("dev.waymark");
  }

  @Test
  void observeAndWorkflowDependOnNothingOfOurs() {
    noClasses().that().resideInAnyPackage("dev.waymark.observe..", "dev.waymark.workflow..")
        .should().dependOnClassesThat().resideInAnyPackage("dev.waymark.apply..", "dev.waymark.risk..",
            "dev.waymark.bridge..", "dev.waymark.decide..", "dev.waymark.session..", "dev.waymark.replay..",
            "dev.waymark.cli..", "dev.waymark.ui..")
        .allowEmptyShould(true).check(classes);
  }

  @Test
  void applyAndRiskDependOnlyOnObserveAndWorkflow() {
    noClasses().that().resideInAnyPackage("dev.waymark.apply..", "dev.waymark.risk..")
        .should().dependOnClassesThat().resideInAnyPackage("dev.waymark.bridge..", "dev.waymark.decide..",
            "dev.waymark.session..", "dev.waymark.replay..", "dev.waymark.cli..", "dev.waymark.ui..")
        .allowEmptyShould(true).check(classes);
  }

  @Test
  void applyIsPureCodeWithoutIoThreadsOrFx() {
    noClasses().that().resideInAPackage("dev.waymark.apply..")
        .should().dependOnClassesThat().resideInAnyPackage("java.io..", "java.nio.file..", "java.net.http..",
            "java.util.concurrent..", "javafx..", "org.java_websocket..")
        .orShould().dependOnClassesThat().haveFullyQualifiedName(Thread.class.getName())
        .allowEmptyShould(true).check(classes);
  }

  @Test
  void nothingBelowTheUiDependsOnTheUi() {
    noClasses().that().resideInAnyPackage("dev.waymark.bridge..", "dev.waymark.decide..", "dev.waymark.replay..",
            "dev.waymark.session..", "dev.waymark.apply..", "dev.waymark.risk..", "dev.waymark.observe..",
            "dev.waymark.workflow..", "dev.waymark.cli..")
        .should().dependOnClassesThat().resideInAPackage("dev.waymark.ui..")
        .allowEmptyShould(true).check(classes);
  }

  @Test
  void onlyTheUiAndTheAppEntryTouchJavaFx() {
    noClasses().that().resideOutsideOfPackages("dev.waymark.ui..")
        .and().doNotHaveFullyQualifiedName("dev.waymark.Main")
        .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.fxmisc..", "org.controlsfx..")
        .allowEmptyShould(true).check(classes);
  }

  @Test
  void onlyTheBridgeTouchesTheWebSocketLibrary() {
    noClasses().that().resideOutsideOfPackage("dev.waymark.bridge..")
        .should().dependOnClassesThat().resideInAPackage("org.java_websocket..")
        .allowEmptyShould(true).check(classes);
  }
}
