import { createFileRoute } from '@tanstack/react-router'
import { signInRoute } from '#src/lib/admin-sign-in.ts'
import { SignInPage } from './-components/sign-in-page.tsx'

export const Route = createFileRoute('/admin/login')({ ...signInRoute, component: SignInPage })
