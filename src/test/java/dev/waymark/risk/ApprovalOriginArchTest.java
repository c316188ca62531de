package dev.waymark.risk;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.waymark.workflow.Step;
import org.junit.jupiter.api.Test;

/** Approvals come from the person: only the window (ui) and the command line (cli) may create one. */
class ApprovalOriginArchTest {
  private static final JavaClasses MAIN = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("dev.waymark");

  @Test
  void onlyUiAndCliCreateApprovals() {
    noClasses().that().resideOutsideOfPackages("dev.waymark.ui..", "dev.waymark.cli..")
        .and().doNotHaveFullyQualifiedName(Approval.class.getName())
        .should().callMethod(Approval.class, "byPerson", Step.class, Approval.Channel.class)
        .because("an approval must come from the person, never from a page, the extension, a program or a model")
        .check(MAIN);
  }

  @Test
  void decideAndRiskStayOffTheUiAndTheSocket() {
    noClasses().that().resideInAnyPackage("dev.waymark.decide..", "dev.waymark.risk..")
        .should().dependOnClassesThat().resideInAnyPackage("dev.waymark.ui..", "javafx..", "org.java_websocket..",
            "dev.waymark.bridge..", "dev.waymark.session..")
        .check(MAIN);
    noClasses().that().resideInAPackage("dev.waymark.risk..")
        .should().dependOnClassesThat().resideInAnyPackage("dev.waymark.apply..", "dev.waymark.decide..")
        .check(MAIN);
  }
}
