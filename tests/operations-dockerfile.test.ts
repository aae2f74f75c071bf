import fs from 'node:fs'
import path from 'node:path'
import { validate, ValidationSeverity, type ValidatorSettings } from 'dockerfile-utils'
import { describe, expect, it } from 'vitest'
import { repoRoot } from './helpers/operations.ts'

// The Dockerfile linter of the Docker language server (VS Code's Docker extension), every rule as an error.
const everyRule: ValidatorSettings = {
  deprecatedMaintainer: ValidationSeverity.ERROR,
  directiveCasing: ValidationSeverity.ERROR,
  emptyContinuationLine: ValidationSeverity.ERROR,
  instructionCasing: ValidationSeverity.ERROR,
  instructionCmdMultiple: ValidationSeverity.ERROR,
  instructionEntrypointMultiple: ValidationSeverity.ERROR,
  instructionHealthcheckMultiple: ValidationSeverity.ERROR,
  instructionJSONInSingleQuotes: ValidationSeverity.ERROR,
  instructionWorkdirRelative: ValidationSeverity.ERROR,
}

const lint = (dockerfile: string) =>
  validate(dockerfile, everyRule)
    .map((problem) => `${problem.range.start.line + 1}: ${problem.message}`)
    .sort()

describe('the Dockerfile', () => {
  it('passes the linter with every rule on', () => {
    expect(lint(fs.readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8'))).toEqual([])
  })

  it('would fail it with a relative WORKDIR, two CMDs and a lowercase instruction', () => {
    expect(lint('FROM node:22-bookworm-slim\nWORKDIR app\nCMD ["a"]\ncmd ["b"]\n')).toEqual([
      '2: WORKDIR paths should be absolute',
      '3: There can only be one CMD instruction in a Dockerfile or build stage. Only the last one will have an effect.',
      '4: Instructions should be written in uppercase letters',
    ])
  })
})
