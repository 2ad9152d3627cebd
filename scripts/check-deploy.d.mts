// Types of the Dockerfile readers of check-deploy.mjs, for the tests that import them.
export interface DockerInstruction {
  keyword: string;
  value: string;
}
export interface DockerStage {
  image: string;
  name?: string;
  instructions: DockerInstruction[];
}
export function parseDockerfile(text: string): { args: Record<string, string>; stages: DockerStage[] };
export function stageEnv(stage: DockerStage): Record<string, string>;
export function stageCopies(stage: DockerStage): { from: string | null; sources: string[]; dest: string }[];
export function execForm(value: string): string[];
