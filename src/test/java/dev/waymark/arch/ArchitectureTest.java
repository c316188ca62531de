package dev.waymark.arch;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import dev.waymark.risk.Approval;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Step;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import javafx.application.Platform;
import javafx.beans.value.WritableValue;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Every layering rule of DESIGN.md in one place. No rule allows an empty selection: a renamed package makes its
 * rule fail instead of quietly checking nothing.
 */
class ArchitectureTest {
  private static final String BASE = "dev.waymark";
  private static final String[] UI_FEATURES = {"agents", "approval", "connection", "decision", "files", "observation",
      "settings", "steps", "variables", "theme", "help"};
  /** What drives a real browser in test code. */
  private static final Pattern BROWSER_DRIVERS = Pattern.compile("dev\\.waymark\\.(testing\\.(BrowserHarness|Browsers|FirefoxHarness)|observe\\.ObserverBrowser"
      + "|observe\\.CdpChromium|executor\\.ExecutorBrowser|cli\\.AuthorRun)");
  private static JavaClasses main;
  private static JavaClasses tests;

  // One import of both trees, split by where each class was read from: importing them apart read and resolved the main
  // classes twice, the better part of this class's time.
  @BeforeAll
  static void load() {
    JavaClasses all = new ClassFileImporter().importPackages(BASE);
    main = all.that(describe("main classes", c -> !isTestClass(c)));
    tests = all.that(describe("test classes", ArchitectureTest::isTestClass));
  }

  private static boolean isTestClass(JavaClass c) {
    return c.getSource().map(s -> ImportOption.Predefined.ONLY_INCLUDE_TESTS.includes(Location.of(s.getUri()))).orElse(false);
  }

  private static String pkg(String name) {
    return BASE + "." + name + "..";
  }

  @Test
  void everyPackageTheDesignNamesExists() {
    Set<String> packages = new TreeSet<>();
    for (JavaClass c : main) packages.add(c.getPackageName());
    for (String p : new String[] {"observe", "workflow", "apply", "risk", "bridge", "decide", "session", "replay",
        "scale", "travel", "webdriver", "bidi", "firefox", "cli", "ui.common", "ui.shell", "secrets"}) {
      assertThat(packages).contains(BASE + "." + p);
    }
    for (String f : UI_FEATURES) assertThat(packages).contains(BASE + ".ui." + f);
  }

  @Test
  void noPackageCycles() {
    slices().matching(BASE + ".(*)..").should().beFreeOfCycles().check(main);
    slices().matching(BASE + ".ui.(*)..").should().beFreeOfCycles().check(main);
  }

  @Test
  void observeAndWorkflowDependOnNothingOfOurs() {
    noClasses().that().resideInAnyPackage(pkg("observe"), pkg("workflow"))
        .should().dependOnClassesThat().resideInAnyPackage(pkg("apply"), pkg("risk"), pkg("bridge"), pkg("decide"),
            pkg("session"), pkg("replay"), pkg("cli"), pkg("ui"))
        .check(main);
  }

  @Test
  void applyAndRiskDependOnlyOnObserveAndWorkflow() {
    noClasses().that().resideInAnyPackage(pkg("apply"), pkg("risk"))
        .should().dependOnClassesThat().resideInAnyPackage(pkg("bridge"), pkg("decide"), pkg("session"),
            pkg("replay"), pkg("cli"), pkg("ui"))
        .check(main);
    noClasses().that().resideInAPackage(pkg("risk"))
        .should().dependOnClassesThat().resideInAPackage(pkg("apply"))
        .check(main);
  }

  @Test
  void applyIsPureCodeWithoutIoThreadsOrFx() {
    noClasses().that().resideInAPackage(pkg("apply"))
        .should().dependOnClassesThat().resideInAnyPackage("java.io..", "java.nio.file..", "java.net.http..",
            "java.util.concurrent..", "javafx..", "org.java_websocket..")
        .orShould().dependOnClassesThat().haveFullyQualifiedName(Thread.class.getName())
        .check(main);
  }

  @Test
  void theBridgeKnowsNothingOfSessionsDecisionsReplayOrTheWindow() {
    noClasses().that().resideInAPackage(pkg("bridge"))
        .should().dependOnClassesThat().resideInAnyPackage(pkg("session"), pkg("decide"), pkg("replay"), pkg("cli"),
            pkg("ui"))
        .check(main);
  }

  @Test
  void replayNeverDependsOnTheSessionOrTheWindow() {
    noClasses().that().resideInAPackage(pkg("replay"))
        .should().dependOnClassesThat().resideInAnyPackage(pkg("session"), pkg("cli"), pkg("ui"))
        .check(main);
  }

  @Test
  void theScaleRunnerReachesBrowsersOnlyThroughReplaySessions() {
    noClasses().that().resideInAPackage(pkg("scale"))
        .should().dependOnClassesThat().resideInAnyPackage(pkg("bridge"), pkg("session"), pkg("decide"), pkg("cli"),
            pkg("ui"), "org.java_websocket..")
        .because("which driver sits behind a run (the bridge, a Grid session) is the factory's choice, not the runner's")
        .check(main);
  }

  @Test
  void decideStaysOffTheSessionTheSocketAndTheWindow() {
    noClasses().that().resideInAPackage(pkg("decide"))
        .should().dependOnClassesThat().resideInAnyPackage(pkg("session"), pkg("bridge"), pkg("replay"), pkg("cli"),
            pkg("ui"), "org.java_websocket..")
        .check(main);
  }

  @Test
  void nothingBelowTheUiDependsOnTheUi() {
    noClasses().that().resideInAnyPackage(pkg("bridge"), pkg("decide"), pkg("replay"), pkg("session"), pkg("apply"),
            pkg("risk"), pkg("observe"), pkg("workflow"), pkg("cli"), pkg("agent"), pkg("travel"))
        .should().dependOnClassesThat().resideInAPackage(pkg("ui"))
        .check(main);
  }

  @Test
  void onlyTheUiAndTheAppEntryTouchJavaFx() {
    noClasses().that().resideOutsideOfPackages(pkg("ui"))
        .and().doNotHaveFullyQualifiedName(BASE + ".Main")
        .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.fxmisc..", "org.controlsfx..")
        .check(main);
  }

  @Test
  void onlyTheAgentPackageTouchesTheMcpSdkAndItsHttpServer() {
    noClasses().that().resideOutsideOfPackage(pkg("agent"))
        .should().dependOnClassesThat().resideInAnyPackage("io.modelcontextprotocol..", "org.eclipse.jetty..", "jakarta.servlet..")
        .check(main);
  }

  @Test
  void agentsReachTheSessionButNeverTheCommandLineOrTheWindow() {
    noClasses().that().resideInAPackage(pkg("agent"))
        .should().dependOnClassesThat().resideInAnyPackage(pkg("cli"), pkg("ui"), "org.java_websocket..")
        .check(main);
  }

  @Test
  void onlyTheWebDriverPackageTouchesSeleniumAndNothingBelowTheCommandsReachesIt() {
    noClasses().that().resideOutsideOfPackage(pkg("webdriver"))
        .should().dependOnClassesThat().resideInAPackage("org.openqa.selenium..")
        .because("the WebDriver driver is one seam behind replay's browser port (DESIGN: two ways to reach a page)")
        .check(main);
    noClasses().that().resideInAPackage(pkg("webdriver"))
        .should().dependOnClassesThat().resideInAnyPackage(pkg("session"), pkg("cli"), pkg("ui"), pkg("scale"),
            pkg("decide"), pkg("agent"), "org.java_websocket..", "javafx..")
        .check(main);
    noClasses().that().resideInAnyPackage(pkg("replay"), pkg("scale"), pkg("bridge"), pkg("session"))
        .should().dependOnClassesThat().resideInAPackage(pkg("webdriver"))
        .because("which driver sits behind the port is configuration, chosen by the commands")
        .check(main);
  }

  @Test
  void theBidiTransportDependsOnNothingOfOursAndFirefoxStaysBelowTheCommands() {
    classes().that().resideInAPackage(pkg("bidi"))
        .should().onlyDependOnClassesThat().resideInAnyPackage(pkg("bidi"), "java..", "com.fasterxml.jackson..", "org.slf4j..")
        .because("the WebDriver BiDi transport is shared by the WebDriver driver and the Firefox launcher")
        .check(main);
    noClasses().that().resideInAPackage(pkg("firefox"))
        .should().dependOnClassesThat().resideInAnyPackage(pkg("session"), pkg("cli"), pkg("ui"), pkg("scale"), pkg("decide"),
            pkg("agent"), "org.openqa.selenium..", "org.java_websocket..", "javafx..")
        .because("what differs for Firefox lives in its one driver package; the commands and the studio choose it (DESIGN)")
        .check(main);
    noClasses().that().resideInAnyPackage(pkg("replay"), pkg("scale"), pkg("bridge"), pkg("session"), pkg("webdriver"), pkg("bidi"))
        .should().dependOnClassesThat().resideInAPackage(pkg("firefox"))
        .because("which engine sits behind the port is configuration, chosen by the commands")
        .check(main);
  }

  @Test
  void secretStoresDependOnTheWorkflowAloneAndOnlyTheyTouchTheVaultLibraries() {
    classes().that().resideInAPackage(pkg("secrets"))
        .should().onlyDependOnClassesThat().resideInAnyPackage(pkg("secrets"), pkg("workflow"), "java..",
            "com.fasterxml.jackson..", "org.slf4j..", "com.github.javakeyring..", "org.linguafranca.pwdb..")
        .because("the SecretStore seam (DESIGN: secrets come from a store) is used by the commands, agents and the studio")
        .check(main);
    noClasses().that().resideOutsideOfPackage(pkg("secrets"))
        .should().dependOnClassesThat().resideInAnyPackage("com.github.javakeyring..", "org.linguafranca.pwdb..",
            "org.freedesktop..", "de.swiesend..")
        .check(main);
    noClasses().that().resideInAnyPackage(pkg("replay"), pkg("apply"), pkg("decide"), pkg("bridge"), pkg("session"),
            pkg("observe"), pkg("workflow"), pkg("risk"))
        .should().dependOnClassesThat().resideInAPackage(pkg("secrets"))
        .because("values reach a run through the commands, workflow_run and the Replay window, nothing below them")
        .check(main);
  }

  @Test
  void travelConvertsWithTheWorkflowAloneAndTouchesNoFiles() {
    classes().that().resideInAPackage(pkg("travel"))
        .should().onlyDependOnClassesThat().resideInAnyPackage(pkg("travel"), pkg("workflow"), "java..", "com.fasterxml.jackson..")
        .because("export and import are pure conversions of a workflow; the commands and the studio do the I/O")
        .check(main);
    noClasses().that().resideInAPackage(pkg("travel"))
        .should().dependOnClassesThat().resideInAnyPackage("java.nio.file..", "java.net.http..", "java.util.concurrent..")
        .orShould().dependOnClassesThat().haveFullyQualifiedName(Thread.class.getName())
        .check(main);
  }

  @Test
  void onlyTheBridgeTouchesTheWebSocketLibrary() {
    noClasses().that().resideOutsideOfPackage(pkg("bridge"))
        .should().dependOnClassesThat().resideInAPackage("org.java_websocket..")
        .check(main);
  }

  @Test
  void uiFeaturePackagesMeetOnlyThroughCommonAndTheShell() {
    for (String feature : UI_FEATURES) {
      String[] others = Arrays.stream(UI_FEATURES).filter(f -> !f.equals(feature))
          .map(f -> BASE + ".ui." + f + "..").toArray(String[]::new);
      noClasses().that().resideInAPackage(BASE + ".ui." + feature + "..")
          .should().dependOnClassesThat().resideInAnyPackage(others)
          .orShould().dependOnClassesThat().resideInAPackage(BASE + ".ui.shell..")
          .because("a feature reaches another only through ui.common or the shell that wires them")
          .check(main);
    }
    noClasses().that().resideInAPackage(BASE + ".ui.common..")
        .should().dependOnClassesThat().resideInAnyPackage(BASE + ".ui.shell..")
        .check(main);
  }

  @Test
  void onlyUiAndCliCreateApprovals() {
    noClasses().that().resideOutsideOfPackages(pkg("ui"), pkg("cli"))
        .and().doNotHaveFullyQualifiedName(Approval.class.getName())
        .should().callMethod(Approval.class, "byPerson", Step.class, Approval.Channel.class)
        .because("an approval must come from the person, never from a page, the extension, a program or a model")
        .check(main);
  }

  @Test
  void noViewModelCallsPlatformRunLater() {
    noClasses().that().haveSimpleNameEndingWith("ViewModel")
        .should().callMethod(Platform.class, "runLater", Runnable.class)
        .because("a view model reaches the FX thread through the UI executor it is given, so a test can pass its own")
        .check(main);
  }

  @Test
  void aViewModelHandsOutWritablePropertiesOnlyAsNamedInputs() {
    methods().that().areDeclaredInClassesThat().haveSimpleNameEndingWith("ViewModel")
        .and().arePublic().and().haveRawReturnType(assignableTo(WritableValue.class))
        .should().haveNameEndingWith("InputProperty")
        .because("views read view model state; only what a control binds both ways is writable, and says so")
        .check(main);
  }

  @Test
  void everyTestThatDrivesABrowserIsMarkedSo() {
    classes().that(describe("are test classes that drive a real browser", ArchitectureTest::drivesABrowser))
        .should(new ArchCondition<>("be marked @RealBrowser (on the class or on each such test)") {
          @Override
          public void check(JavaClass c, ConditionEvents events) {
            boolean marked = c.isAnnotatedWith(RealBrowser.class)
                || c.getMethods().stream().anyMatch(m -> m.isAnnotatedWith(RealBrowser.class));
            events.add(new SimpleConditionEvent(c, marked, c.getName() + " drives a browser but is not marked @RealBrowser"));
          }
        })
        .check(tests);
  }

  private static boolean drivesABrowser(JavaClass c) {
    boolean isTestClass = c.getMethods().stream()
        .anyMatch(m -> m.isAnnotatedWith(Test.class) || m.isAnnotatedWith(ParameterizedTest.class));
    return isTestClass && c.getDirectDependenciesFromSelf().stream()
        .anyMatch(d -> BROWSER_DRIVERS.matcher(d.getTargetClass().getName()).matches());
  }
}
