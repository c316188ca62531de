package dev.waymark.cli;

import dev.waymark.secrets.ValuesFile;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.waymark.Main;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.risk.Policy;
import dev.waymark.risk.RiskCategory;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The author command's options and files, before any browser is involved. */
class AuthorCommandTest {
  @TempDir
  Path dir;

  private record Result(int code, String out, String err) {}

  private Result run(String... args) {
    CommandLine cl = Main.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new Result(code, out.toString(), err.toString());
  }

  private String[] base(String... more) {
    List<String> a = new java.util.ArrayList<>(List.of("author", "--url", "http://127.0.0.1:1/", "--goal", "g",
        "--model", "program:true", "--export", dir.resolve("o.yaml").toString(), "--policy", dir.resolve("none.json").toString()));
    a.addAll(List.of(more));
    return a.toArray(String[]::new);
  }

  @Test
  void allowWithANameThatIsNoCapabilityExitsTwoListingTheValidOnes() {
    Result r = run(base("--allow", "download,camera"));

    assertThat(r.code()).isEqualTo(AuthorCommand.EXIT_USAGE);
    assertThat(r.err()).contains("--allow download,camera").contains("\"camera\" is not a capability")
        .contains("download, file_upload, viewport_control, or none");
  }

  @Test
  void allowReadsAListNoneAndAll() {
    assertThat(SessionOptions.parseAllow("none")).isEqualTo(dev.waymark.apply.Capabilities.NONE);
    assertThat(SessionOptions.parseAllow("download,file_upload,viewport_control")).isEqualTo(dev.waymark.apply.Capabilities.ALL);
    assertThat(SessionOptions.parseAllow(" file_upload ").names()).containsExactly("file_upload");
    assertThatThrownBy(() -> SessionOptions.parseAllow("")).hasMessageContaining("or none");
  }

  @Test
  void valuesFileOthersCanReadIsRefusedWithoutQuotingAValue() throws IOException {
    Path f = dir.resolve("values.txt");
    Files.writeString(f, "password=hunter2-secret\n");
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-r--r--"));

    Result r = run(base("--values-file", f.toString()));

    assertThat(r.code()).isEqualTo(AuthorCommand.EXIT_USAGE);
    assertThat(r.err()).contains("chmod 600").doesNotContain("hunter2");
  }

  @Test
  void malformedValuesLineNamesItsLineNotItsText() throws IOException {
    Path f = dir.resolve("values.txt");
    Files.writeString(f, "# comment\n\nemail=a@b.c\nhunter2-no-name\n");
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));

    assertThatThrownBy(() -> ValuesFile.read(f)).hasMessageContaining("line 4").hasMessageNotContaining("hunter2");
  }

  @Test
  void valuesFileKeepsValuesAsWrittenAndSkipsComments() throws IOException {
    Path f = dir.resolve("values.txt");
    Files.writeString(f, "# who\nemail = ada@example.com\npassword=p=ss word \r\n");
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));

    assertThat(ValuesFile.read(f)).containsEntry("email", " ada@example.com").containsEntry("password", "p=ss word ");
  }

  @Test
  void unknownDecisionSourceIsAUsageErrorThatShowsTheForms() {
    Result r = run(replaceModel("gpt4"));
    assertThat(r.code()).isEqualTo(AuthorCommand.EXIT_USAGE);
    assertThat(r.err()).contains("openai:<model>").contains("program:<command line>");
  }

  private String[] replaceModel(String model) {
    String[] a = base();
    for (int i = 0; i < a.length; i++) if (a[i].equals("--model")) a[i + 1] = model;
    return a;
  }

  @Test
  void badVariableNameIsAUsageError() {
    Result r = run(base("--var", "two words=desc"));
    assertThat(r.code()).isEqualTo(AuthorCommand.EXIT_USAGE);
    assertThat(r.err()).contains("cannot be a variable name");
  }

  @Test
  void autoPerformsWhatAsksDenyRefusesItAndBlockedStaysBlocked() {
    ApprovalPolicy base = ApprovalPolicy.defaults().with(RiskCategory.PAYMENT, Policy.BLOCK).with(RiskCategory.UPLOAD, Policy.AUTO);

    ApprovalPolicy auto = SessionOptions.policyFor(base, SessionOptions.ApproveMode.auto);
    ApprovalPolicy deny = SessionOptions.policyFor(base, SessionOptions.ApproveMode.deny);

    assertThat(auto.policy(RiskCategory.SUBMIT)).isEqualTo(Policy.AUTO);
    assertThat(auto.policy(RiskCategory.PAYMENT)).isEqualTo(Policy.BLOCK);
    assertThat(deny.policy(RiskCategory.SUBMIT)).isEqualTo(Policy.BLOCK);
    assertThat(deny.policy(RiskCategory.UPLOAD)).isEqualTo(Policy.AUTO);
    assertThat(SessionOptions.policyFor(base, SessionOptions.ApproveMode.ask)).isEqualTo(base);
  }

  @Test
  void helpListsTheExitCodes() {
    Result r = run("author", "--help");
    assertThat(r.out()).contains("--approve").contains("--values-file").contains("7").contains("the turn budget ran out");
  }
}
